export const POST_NOT_FOUND = 'Post not found';

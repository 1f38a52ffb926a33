-- The pictures of a chat room, found without reading its every message: a channel, a community or a group deleted
-- (their files are removed after the commit), at any size.
CREATE INDEX "chat_messages_room_images_idx" ON "chat_messages" USING btree ("room_id") WHERE "chat_messages"."image_key" is not null;
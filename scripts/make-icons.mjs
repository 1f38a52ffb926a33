/**
 * Makes the app's icons (public/icons, committed) from the favicon's drawing: 192 and 512 px, and a maskable 512 px
 * whose glyph sits inside the middle 60 % (the safe zone a launcher may crop to a circle). Run after changing
 * public/favicon.svg: `node scripts/make-icons.mjs`.
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';

const favicon = await fs.readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const inner = favicon
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');
const blue = '#1976d2';
const any = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="${blue}"/>${inner}</svg>`;
const maskable = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${blue}"/><g transform="translate(6.4 6.4) scale(0.6)">${inner}</g></svg>`;

const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname;
await sharp(Buffer.from(any(192)))
  .png({ compressionLevel: 9 })
  .toFile(out('icon-192.png'));
await sharp(Buffer.from(any(512)))
  .png({ compressionLevel: 9 })
  .toFile(out('icon-512.png'));
await sharp(Buffer.from(maskable(512)))
  .png({ compressionLevel: 9 })
  .toFile(out('icon-maskable-512.png'));
await sharp(Buffer.from(any(180)))
  .png({ compressionLevel: 9 })
  .toFile(out('apple-touch-icon.png'));
console.log('icons written to public/icons');

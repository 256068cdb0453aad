// Image uploads (field `aiz_file`). Limits here are the transport ceiling; the avatar
// rules (2 MB, 4096x4096, image by content) are checked by the users module.
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

export default fp(async (app) => {
  await app.register(multipart, {
    limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024 },
  });
});

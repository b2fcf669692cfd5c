import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, pgErrorCode } from '../lib/errors';

/** Maps every failure to `{ code, message }` with a status; 5xx never leaks internals. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      if (err instanceof AppError) {
        if (err.headers) reply.headers(err.headers);
        return reply.status(err.status).send({ code: err.code, message: err.message });
      }
      const e = err;
      const status = e.statusCode ?? 500;
      if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (e instanceof SyntaxError && status === 400)) {
        return reply.status(400).send({ code: 'bad_request', message: '请求体不是有效的 JSON' });
      }
      if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return reply.status(400).send({ code: 'bad_request', message: '请求体不能为空' });
      if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return reply.status(413).send({ code: 'payload_too_large', message: '请求体过大' });
      if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
        return reply.status(415).send({ code: 'unsupported_media_type', message: '不支持的请求内容类型' });
      if (status === 429) return reply.status(429).send({ code: 'rate_limited', message: '请求过于频繁，请稍后再试' });
      if (status >= 400 && status < 500) return reply.status(status).send({ code: 'bad_request', message: e.message || '请求不正确' });
      // a value the database cannot take (a number out of range, a malformed date, a NUL): the client's mistake
      const pg = pgErrorCode(err);
      if (pg && /^22/.test(pg)) return reply.status(400).send({ code: 'validation', message: '参数超出范围或格式不正确' });
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ code: 'internal', message: '服务器内部错误，请稍后再试' });
    });
  },
  { name: 'errors' },
);

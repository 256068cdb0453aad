// Call families the spec lists without any screen: cars, games, shop, the SPC token and
// check-in. They answer code 0 with a translated "not offered" instead of a bare 404,
// so an old client shows a clear message.
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';

export const UNOFFERED_PREFIXES = ['/api/car/', '/api/game/', '/api/shop/'] as const;

export const UNOFFERED_CALLS = [
  '/api/main/spcinfo',
  '/api/user/spclog',
  '/api/user/splog',
  '/api/user/buylist',
  '/api/user/buySPC',
  '/api/user/mybuylist',
  '/api/user/exchange',
  '/api/user/exchange1',
  '/api/user/teamSendCoin',
  '/api/user/spcsell',
  '/api/user/spcmarket',
  '/api/user/spcbuy',
  '/api/user/mySpcRelease',
  '/api/user/spcvehicleShelf',
  '/api/user/checkInInfo',
  '/api/user/checkIn',
  '/api/user/getCheckInSPC',
] as const;

export const unofferedRoutes: FastifyPluginAsync = async (app) => {
  const notOffered = async () => {
    throw new AppError('error.not_offered');
  };
  const schema = { tags: ['not offered'], summary: 'Not offered: answers code 0' };
  for (const prefix of UNOFFERED_PREFIXES) {
    app.post(`${prefix}*`, { schema }, notOffered);
  }
  for (const path of UNOFFERED_CALLS) {
    app.post(path, { schema }, notOffered);
  }
};

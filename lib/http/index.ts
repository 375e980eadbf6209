export { defineRoute, routeMethods, json, queryObject, type RouteHandler, type HandlerContext } from './route';
export { AppError, notFound } from '@/lib/errors';
export { Uuid, DateTime, IdParams, QueryBool } from './schemas';

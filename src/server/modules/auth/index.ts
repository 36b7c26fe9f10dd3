export { authRoutes } from './auth.routes';
export { resolveSession } from './session';

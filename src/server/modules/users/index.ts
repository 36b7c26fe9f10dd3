export { usersRepository, type UserRow } from './users.repository';
export { usersRoutes } from './users.routes';

// Public surface of the orders feature: the signed-in wallet's orders (listings marks a listing reserved for you).
// Only the query: the order page is a route of its own, lazily loaded by src/web/app/routes.tsx.
export { useMyOrders } from './api/get-my-orders';

// Public surface of the notifications feature: the bell the header shows to a signed-in wallet.
export { NotificationBell } from './components/notification-bell';

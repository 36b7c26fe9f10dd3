export { notify, type NotificationInput } from './notify';

export { notificationSocketHandlers } from './notification-socket-handlers';
export { notifyIncoming } from './notify';

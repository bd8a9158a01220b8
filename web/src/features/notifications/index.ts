export { notifyIncoming } from './notify';

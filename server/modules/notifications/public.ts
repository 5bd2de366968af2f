export { isUnsubscribed } from './unsubscribes';

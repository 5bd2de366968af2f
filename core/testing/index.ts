export { createFakeAxios } from './createFakeAxios';
export type { FakeHandler, FakeReply, FakeRequest } from './createFakeAxios';

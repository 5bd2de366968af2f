export { createFakeAxios, fakeJwt } from './createFakeAxios';
export type { FakeHandler, FakeReply, FakeRequest } from './createFakeAxios';

export { createFakeAxios } from './createFakeAxios';
export type { FakeHandler, FakeReply, FakeRequest } from './createFakeAxios';
export { createGate } from './createGate';
export type { Gate } from './createGate';
export { captureSavedFiles } from './captureSavedFiles';
export type { SavedFile } from './captureSavedFiles';

export { apiUsagePlugin, createApiUsageRecorder, withRefusalRecording } from './recorder';
export { noteAnswerUsage, noteApiKeyCaller, requestLogRow } from './request-usage';
export { startApiUsageRetention } from './retention';

export { createTestDatabase, type TestDatabase } from './database.js';
export { apiClient, startTestApp, DEMO_PASSWORD, type TestApp, type ApiAnswer } from './app.js';
export { refreshCookieOf } from './client.js';
export { startTestSmtp, type TestSmtp, type ReceivedMail } from './smtp.js';
export { jobsOf, retryJobsNow } from './jobs.js';
export {
  BROKEN_XLSX,
  form,
  IMAGE_PNG,
  PDF,
  PNG,
  sendCustomContentCommunication,
  sendCommunication,
  type World,
  world,
} from './fixtures.js';
export { responseConformance } from './conformance.js';
export { csvRows, type DownloadedFile, downloadFile, fileNameDate, xlsxSheets } from './files.js';
export { statementsOf } from './statements.js';
export { countDrift, type LoadResult, type LoadWorld, prepareLoadWorld, runMixedLoad } from './load.js';

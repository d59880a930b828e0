export { createApp, type AppOptions } from './app.js';
export { createModules, warmModules } from './modules.js';
export { createJobQueue, createJobs, jobsStatus, runJob, scheduleJobs, type Job } from './jobs.js';

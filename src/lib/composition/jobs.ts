/**
 * Every job type, registered once, and the runner's functions: what the functions that run jobs
 * import (the background runner, the scheduled resumer, the staff API, maintenance). A new job type
 * (a campaign) joins with one `registerJobType` line here. docs/jobs.md. Server only.
 */
import { registerJobType } from '../jobs/runner';
import { EXPORT_JOB, exportJob } from '../admin/export-job';
import { INDEX_PASS_JOB, indexPassJob } from '../subscribers/index-pass';
import { CAMPAIGN_JOB, campaignJob } from '../campaigns/send';

registerJobType(EXPORT_JOB, exportJob);
registerJobType(INDEX_PASS_JOB, indexPassJob);
registerJobType(CAMPAIGN_JOB, campaignJob);

export * from '../jobs/runner';
export { readJob } from '../jobs/store';

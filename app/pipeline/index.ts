// Public surface of the pipeline for routes, the UI and scripts.
export { wakeWorker } from "./wake.server";
export { startWorker, type Worker, type WorkerOptions } from "./worker.server";
export { approvePrintOrder, retryPrintOrder, cancelPrintOrder, updateAddressAndRequote, recordRefundDecision, type ActionResult } from "./actions.server";
export { resumeShopWork } from "./shop-work.server";

-- CreateTable
CREATE TABLE "StudioPace" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slots" TEXT NOT NULL DEFAULT '[]',
    "blockedUntil" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PrintOrder" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "shopifyOrderGid" TEXT NOT NULL,
    "shopifyOrderName" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "studioStatus" TEXT,
    "attentionCode" TEXT,
    "attentionMessage" TEXT,
    "attentionAction" TEXT,
    "refundDecision" TEXT,
    "customerGid" TEXT,
    "email" TEXT,
    "shippingAddress" TEXT,
    "shippingLine" TEXT,
    "currency" TEXT,
    "environment" TEXT,
    "quoteId" TEXT,
    "quoteTotalCents" INTEGER,
    "quoteExpiresAt" DATETIME,
    "shippingMethodId" TEXT,
    "idempotencyKey" TEXT,
    "orderRequestBody" TEXT,
    "studioOrderId" TEXT,
    "studioOrderNumber" TEXT,
    "studioTotalCents" INTEGER,
    "cancelRequestedAt" DATETIME,
    "approvedAt" DATETIME,
    "shopifyFulfillmentGid" TEXT,
    "fulfillmentWriteStartedAt" DATETIME,
    "submitAfter" DATETIME,
    "nextAttemptAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "wakeRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "placedAt" DATETIME,
    "shippedAt" DATETIME,
    "fulfilledAt" DATETIME
);
INSERT INTO "new_PrintOrder" ("attempts", "attentionAction", "attentionCode", "attentionMessage", "cancelRequestedAt", "createdAt", "currency", "customerGid", "email", "environment", "fulfilledAt", "id", "idempotencyKey", "lastError", "leaseOwner", "leaseUntil", "nextAttemptAt", "orderRequestBody", "placedAt", "quoteExpiresAt", "quoteId", "quoteTotalCents", "refundDecision", "shippedAt", "shippingAddress", "shippingLine", "shippingMethodId", "shopDomain", "shopifyOrderGid", "shopifyOrderName", "state", "studioOrderId", "studioOrderNumber", "studioStatus", "studioTotalCents", "submitAfter", "updatedAt", "version") SELECT "attempts", "attentionAction", "attentionCode", "attentionMessage", "cancelRequestedAt", "createdAt", "currency", "customerGid", "email", "environment", "fulfilledAt", "id", "idempotencyKey", "lastError", "leaseOwner", "leaseUntil", "nextAttemptAt", "orderRequestBody", "placedAt", "quoteExpiresAt", "quoteId", "quoteTotalCents", "refundDecision", "shippedAt", "shippingAddress", "shippingLine", "shippingMethodId", "shopDomain", "shopifyOrderGid", "shopifyOrderName", "state", "studioOrderId", "studioOrderNumber", "studioStatus", "studioTotalCents", "submitAfter", "updatedAt", "version" FROM "PrintOrder";
DROP TABLE "PrintOrder";
ALTER TABLE "new_PrintOrder" RENAME TO "PrintOrder";
CREATE INDEX "PrintOrder_state_nextAttemptAt_idx" ON "PrintOrder"("state", "nextAttemptAt");
CREATE INDEX "PrintOrder_shopDomain_createdAt_idx" ON "PrintOrder"("shopDomain", "createdAt");
CREATE INDEX "PrintOrder_shopDomain_state_idx" ON "PrintOrder"("shopDomain", "state");
CREATE INDEX "PrintOrder_studioOrderId_idx" ON "PrintOrder"("studioOrderId");
CREATE UNIQUE INDEX "PrintOrder_shopDomain_shopifyOrderGid_key" ON "PrintOrder"("shopDomain", "shopifyOrderGid");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


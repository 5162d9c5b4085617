-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" DATETIME,
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" DATETIME
);

-- CreateTable
CREATE TABLE "Shop" (
    "domain" TEXT NOT NULL PRIMARY KEY,
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "scopes" TEXT,
    "studioApiKeyEnc" TEXT,
    "studioApiKeyHint" TEXT,
    "studioEnvironment" TEXT,
    "studioBaseUrl" TEXT,
    "studioWebhookSecretEnc" TEXT,
    "studioKeyCheckedAt" DATETIME,
    "lastStudioWebhookAt" DATETIME,
    "submissionPolicy" TEXT NOT NULL DEFAULT 'immediate',
    "submissionDelayMinutes" INTEGER NOT NULL DEFAULT 0,
    "shippingPolicy" TEXT NOT NULL DEFAULT '{}',
    "defaultRushTier" TEXT NOT NULL DEFAULT 'standard',
    "whiteLabel" BOOLEAN NOT NULL DEFAULT true,
    "notifyCustomer" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "VariantMapping" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "variantGid" TEXT NOT NULL,
    "productGid" TEXT NOT NULL,
    "productTitle" TEXT NOT NULL,
    "variantTitle" TEXT NOT NULL,
    "productSlug" TEXT NOT NULL,
    "variantSelections" TEXT NOT NULL,
    "quantityPerUnit" INTEGER NOT NULL DEFAULT 1,
    "artworkSource" TEXT NOT NULL,
    "artworkUrl" TEXT,
    "artworkProperty" TEXT,
    "status" TEXT NOT NULL DEFAULT 'mapped',
    "invalidReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "source" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PrintOrder" (
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
    "submitAfter" DATETIME,
    "nextAttemptAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "placedAt" DATETIME,
    "shippedAt" DATETIME,
    "fulfilledAt" DATETIME
);

-- CreateTable
CREATE TABLE "PrintOrderLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "printOrderId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "shopifyLineItemGid" TEXT NOT NULL,
    "variantGid" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "studioQuantity" INTEGER NOT NULL,
    "productSlug" TEXT NOT NULL,
    "variantSelections" TEXT NOT NULL,
    "artworkSourceUrl" TEXT,
    "artworkUploadUrl" TEXT,
    "unitPriceCents" INTEGER,
    "amountCents" INTEGER,
    "fulfilledByHand" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "PrintOrderLine_printOrderId_fkey" FOREIGN KEY ("printOrderId") REFERENCES "PrintOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ArtworkUpload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "studioUrl" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PrintOrderEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "printOrderId" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" TEXT,
    CONSTRAINT "PrintOrderEvent_printOrderId_fkey" FOREIGN KEY ("printOrderId") REFERENCES "PrintOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Shipment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "printOrderId" TEXT NOT NULL,
    "trackingNumber" TEXT NOT NULL,
    "carrier" TEXT,
    "trackingUrl" TEXT,
    "shippedAt" TEXT,
    "shopifyFulfillmentGid" TEXT,
    "writtenAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Shipment_printOrderId_fkey" FOREIGN KEY ("printOrderId") REFERENCES "PrintOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE INDEX "VariantMapping_shopDomain_productGid_idx" ON "VariantMapping"("shopDomain", "productGid");

-- CreateIndex
CREATE UNIQUE INDEX "VariantMapping_shopDomain_variantGid_key" ON "VariantMapping"("shopDomain", "variantGid");

-- CreateIndex
CREATE INDEX "WebhookEvent_shopDomain_receivedAt_idx" ON "WebhookEvent"("shopDomain", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookEvent_source_shopDomain_eventId_key" ON "WebhookEvent"("source", "shopDomain", "eventId");

-- CreateIndex
CREATE INDEX "PrintOrder_state_nextAttemptAt_idx" ON "PrintOrder"("state", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "PrintOrder_shopDomain_createdAt_idx" ON "PrintOrder"("shopDomain", "createdAt");

-- CreateIndex
CREATE INDEX "PrintOrder_shopDomain_state_idx" ON "PrintOrder"("shopDomain", "state");

-- CreateIndex
CREATE INDEX "PrintOrder_studioOrderId_idx" ON "PrintOrder"("studioOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "PrintOrder_shopDomain_shopifyOrderGid_key" ON "PrintOrder"("shopDomain", "shopifyOrderGid");

-- CreateIndex
CREATE INDEX "PrintOrderLine_printOrderId_idx" ON "PrintOrderLine"("printOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "PrintOrderLine_printOrderId_position_key" ON "PrintOrderLine"("printOrderId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ArtworkUpload_shopDomain_environment_sourceUrl_key" ON "ArtworkUpload"("shopDomain", "environment", "sourceUrl");

-- CreateIndex
CREATE INDEX "PrintOrderEvent_printOrderId_at_idx" ON "PrintOrderEvent"("printOrderId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "Shipment_printOrderId_trackingNumber_key" ON "Shipment"("printOrderId", "trackingNumber");


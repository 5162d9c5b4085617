-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
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
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shop" (
    "domain" TEXT NOT NULL,
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" TIMESTAMP(3),
    "scopes" TEXT,
    "studioApiKeyEnc" TEXT,
    "studioApiKeyHint" TEXT,
    "studioEnvironment" TEXT,
    "studioBaseUrl" TEXT,
    "studioWebhookSecretEnc" TEXT,
    "studioKeyCheckedAt" TIMESTAMP(3),
    "lastStudioWebhookAt" TIMESTAMP(3),
    "submissionPolicy" TEXT NOT NULL DEFAULT 'immediate',
    "submissionDelayMinutes" INTEGER NOT NULL DEFAULT 0,
    "shippingPolicy" TEXT NOT NULL DEFAULT '{}',
    "defaultRushTier" TEXT NOT NULL DEFAULT 'standard',
    "whiteLabel" BOOLEAN NOT NULL DEFAULT true,
    "notifyCustomer" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shop_pkey" PRIMARY KEY ("domain")
);

-- CreateTable
CREATE TABLE "VariantMapping" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VariantMapping_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrintOrder" (
    "id" TEXT NOT NULL,
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
    "quoteExpiresAt" TIMESTAMP(3),
    "shippingMethodId" TEXT,
    "idempotencyKey" TEXT,
    "orderRequestBody" TEXT,
    "studioOrderId" TEXT,
    "studioOrderNumber" TEXT,
    "studioTotalCents" INTEGER,
    "cancelRequestedAt" TIMESTAMP(3),
    "submitAfter" TIMESTAMP(3),
    "nextAttemptAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "placedAt" TIMESTAMP(3),
    "shippedAt" TIMESTAMP(3),
    "fulfilledAt" TIMESTAMP(3),

    CONSTRAINT "PrintOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrintOrderLine" (
    "id" TEXT NOT NULL,
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

    CONSTRAINT "PrintOrderLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArtworkUpload" (
    "id" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "studioUrl" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArtworkUpload_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrintOrderEvent" (
    "id" TEXT NOT NULL,
    "printOrderId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" TEXT,

    CONSTRAINT "PrintOrderEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shipment" (
    "id" TEXT NOT NULL,
    "printOrderId" TEXT NOT NULL,
    "trackingNumber" TEXT NOT NULL,
    "carrier" TEXT,
    "trackingUrl" TEXT,
    "shippedAt" TEXT,
    "shopifyFulfillmentGid" TEXT,
    "writtenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Shipment_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "PrintOrderLine" ADD CONSTRAINT "PrintOrderLine_printOrderId_fkey" FOREIGN KEY ("printOrderId") REFERENCES "PrintOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrintOrderEvent" ADD CONSTRAINT "PrintOrderEvent_printOrderId_fkey" FOREIGN KEY ("printOrderId") REFERENCES "PrintOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Shipment" ADD CONSTRAINT "Shipment_printOrderId_fkey" FOREIGN KEY ("printOrderId") REFERENCES "PrintOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;


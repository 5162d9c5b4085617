-- AlterTable
ALTER TABLE "PrintOrder" ADD COLUMN     "approvedAt" TIMESTAMP(3),
ADD COLUMN     "fulfillmentWriteStartedAt" TIMESTAMP(3),
ADD COLUMN     "shopifyFulfillmentGid" TEXT,
ADD COLUMN     "wakeRequested" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "StudioPace" (
    "id" TEXT NOT NULL,
    "slots" TEXT NOT NULL DEFAULT '[]',
    "blockedUntil" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StudioPace_pkey" PRIMARY KEY ("id")
);


// The simulator's services wired together (one instance per running server).
import { Catalogue } from "./catalogue";
import { SimClock } from "./clock";
import type { Sim } from "./context";
import { Faults } from "./faults";
import { IdempotencyStore } from "./idempotency";
import { RollingWindows } from "./rate-limit";
import { State } from "./store";
import { Uploads } from "./uploads";
import { Webhooks } from "./webhooks";

export class Simulator implements Sim {
  readonly state = new State();
  readonly clock = new SimClock();
  readonly catalogue = new Catalogue(this.state);
  readonly webhooks: Webhooks = new Webhooks(this);
  readonly events: Webhooks = this.webhooks;
  readonly faults = new Faults();
  readonly idempotency = new IdempotencyStore();
  readonly keyWindows = new RollingWindows();
  readonly authFailures = new RollingWindows();
  readonly uploads: Uploads;
  originValue = "";

  constructor(readonly uploadDir: string) {
    this.uploads = new Uploads(this, () => this.uploadDir);
  }

  origin(): string {
    return this.originValue;
  }

  async reset(): Promise<void> {
    await this.uploads.removeAll();
    this.webhooks.reset();
    this.state.reset();
    this.clock.reset();
    this.faults.clear();
    this.idempotency.reset();
    this.keyWindows.reset();
    this.authFailures.reset();
  }
}

import { syncPostgresSchema, POSTGRES_SCHEMA } from "./schemas";

const changed = syncPostgresSchema();
console.log(changed ? `wrote ${POSTGRES_SCHEMA}` : `${POSTGRES_SCHEMA} is up to date`);

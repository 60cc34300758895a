import { writeFileSync } from 'node:fs';
import { API_SCHEMA_FILE, generateApiTypes } from './api-types';

writeFileSync(API_SCHEMA_FILE, await generateApiTypes());
console.log(`wrote ${API_SCHEMA_FILE}`);

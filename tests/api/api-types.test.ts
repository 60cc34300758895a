import { readFileSync } from 'node:fs';
import { API_SCHEMA_FILE, generateApiTypes } from '../../scripts/api-types';

describe('the web client types', () => {
  it('match the OpenAPI document (run `npm run api:types` after changing a route)', async () => {
    expect(readFileSync(API_SCHEMA_FILE, 'utf8')).toBe(await generateApiTypes());
  });
});

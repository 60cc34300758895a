import { File as NodeFile } from 'node:buffer';

/**
 * jsdom's FormData and File are not the ones Node's fetch can serialise, so a multipart upload
 * made under jsdom would reach msw as "[object FormData]". Tests that upload use Node's own
 * (as a browser would send a real multipart body).
 */
export async function useNodeMultipart() {
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
  vi.stubGlobal('FormData', NodeFormData);
  vi.stubGlobal('File', NodeFile);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

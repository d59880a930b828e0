import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The part of @20minutes/s3rver (a maintained fork of s3rver; it ships no types) that tests use. */
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment a BFF or CLI needs to use this server (FILE_STORE=s3, path style, its fixed credentials). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on loopback, storing in a temporary folder: the product's S3 driver talks to it with
 * the AWS SDK over HTTP, signatures checked (s3rver accepts its documented S3RVER/S3RVER key pair).
 */
export async function startTestS3(bucket = 'portal-files'): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

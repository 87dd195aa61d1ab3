// s3rver ships no types; these are the parts the tests use (node_modules/s3rver/lib/s3rver.js).
declare module "s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  /** A Koa application; `middleware` is Koa's own list, run in order. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: S3rverMiddleware[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | undefined>;
    params?: Record<string, string>;
    status: number;
    type: string;
    body: unknown;
  }
  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void;
}

// The parts of @20minutes/s3rver (which ships no types) the test support uses. S3rver is a Koa application.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  type Options = { port: number; address: string; silent: boolean; directory: string; configureBuckets: Array<{ name: string }> };
  export type KoaContext = { method: string; path: string; query: Record<string, string | string[] | undefined>; status: number };
  export default class S3rver {
    constructor(options: Options);
    middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => unknown>;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

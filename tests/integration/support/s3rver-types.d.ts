// The parts of @20minutes/s3rver (which ships no types) the test support uses.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  type Options = { port: number; address: string; silent: boolean; directory: string; configureBuckets: Array<{ name: string }> };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

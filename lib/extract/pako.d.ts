// The part of pako 1.x that zip-reader.ts uses (the package ships no types).
declare module 'pako' {
  interface InflateOptions {
    raw?: boolean;
    chunkSize?: number;
  }
  interface Inflater {
    /** mode true (or Z_FINISH) for the last piece */
    push(data: Uint8Array, mode?: boolean | number): boolean;
    onData(chunk: Uint8Array): void;
    err: number;
    msg: string;
  }
  const pako: { Inflate: new (options?: InflateOptions) => Inflater };
  export default pako;
}

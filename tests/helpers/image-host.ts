/**
 * A local web server holding reference images for tests of linked images (decision 0094): any
 * `*.png` path answers a real PNG and any `*.jpg` path a phone photo with GPS in its EXIF, unless
 * a test set that path's answer itself. Tests run the app with IMAGE_URLS_ALLOW_LOCAL on (the
 * default of createTestApp), so it fetches from here over real HTTP.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { photoJpeg } from "./images.js";
import { randomPng } from "./video-app.js";

interface Answer {
  status?: number;
  body?: Buffer | string;
  headers?: Record<string, string>;
  /** Never answers (for the time limit). */
  hang?: boolean;
}

export interface ImageHost {
  /** The URL of a path on this host (`url("a.png")`). */
  url(path: string): string;
  /** How a path is answered from now on. */
  answer(path: string, answer: Answer): void;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startImageHost(): Promise<ImageHost> {
  const answers = new Map<string, Answer>();
  const requests: string[] = [];
  const made = new Map<string, Promise<Buffer>>();
  const defaultImage = (path: string): Promise<Buffer> | undefined => {
    if (!/\.(png|jpe?g)$/i.test(path)) return undefined;
    if (!made.has(path)) made.set(path, /\.png$/i.test(path) ? Promise.resolve(randomPng()) : photoJpeg());
    return made.get(path);
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://host").pathname;
    requests.push(path);
    const set = answers.get(path);
    if (set?.hang) return;
    if (set) {
      res.writeHead(set.status ?? 200, set.headers ?? {});
      res.end(set.body ?? "");
      return;
    }
    const image = defaultImage(path);
    if (!image) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    void image.then((data) => {
      res.writeHead(200, { "content-type": /\.png$/i.test(path) ? "image/png" : "image/jpeg" });
      res.end(data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}/${path.replace(/^\//, "")}`,
    answer: (path, answer) => answers.set(`/${path.replace(/^\//, "")}`, answer),
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first-frame calls (decision 0161), each through its shared contract. */
import { firstFramesApi } from "../../../shared/api/first-frames";
import type { AspectRatio } from "../../../shared/catalogue";
import { call } from "@/lib/api";
import "./first-frame-reason-texts";

export const startFirstFrame = (body: { prompt: string; aspectRatio: AspectRatio }) =>
  call(firstFramesApi.create, { body });

export const readFirstFrame = (id: string) => call(firstFramesApi.get, { params: { id } });

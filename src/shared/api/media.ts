/** The files the server serves outside the JSON API: archived videos, shared videos' pages, uploaded images. */
import {
  bucketRedirect,
  htmlPage,
  imageFileAnswer,
  notSharedAnswer,
  posterAnswer,
  shareIdParams,
  sharePosterParams,
  uploadNameParams,
  videoFileAnswer,
  videoFileParams,
  videoFileQuery,
  videoPosterParams,
  videoPosterQuery,
} from "../schemas/media.js";
import { defineRoute, errors } from "./contract.js";

export const mediaApi = {
  /** An archived video (decision 0043), for its owner (session or API token) or a signed URL. */
  videoFile: defineRoute({
    method: "GET",
    path: "/media/videos/:file",
    tags: ["Videos"],
    summary: "An archived video file (owner, or a signed URL)",
    params: videoFileParams,
    query: videoFileQuery,
    responses: { 200: videoFileAnswer, 206: videoFileAnswer, 302: bucketRedirect, ...errors(400, 401, 403, 404, 416) },
  }),
  /** The public page of a shared video (decision 0044). */
  sharePage: defineRoute({
    method: "GET",
    path: "/v/:shareId",
    tags: ["Site"],
    summary: "The public page of a shared video",
    params: shareIdParams,
    responses: {
      200: htmlPage("The page, with Open Graph tags."),
      304: htmlPage("Unchanged since the ETag sent in If-None-Match."),
      404: notSharedAnswer,
    },
  }),
  /** A shared video's frame (decision 0083): public while the video is shared under that id. */
  sharePoster: defineRoute({
    method: "GET",
    path: "/media/shares/:file",
    tags: ["Site"],
    summary: "The picture of a shared video (its Open Graph image)",
    params: sharePosterParams,
    responses: { 200: posterAnswer, 302: bucketRedirect, ...errors(404) },
  }),
  /** A kept video's frame (decision 0166): for its owner, or a signed URL (the showcase's tiles). */
  videoPoster: defineRoute({
    method: "GET",
    path: "/media/posters/:file",
    tags: ["Videos"],
    summary: "A kept video's frame (owner, or a signed URL)",
    params: videoPosterParams,
    query: videoPosterQuery,
    responses: { 200: posterAnswer, 302: bucketRedirect, ...errors(400, 401, 403, 404) },
  }),
  /** A reference image uploaded with videosApi.uploadImage. */
  uploadedImage: defineRoute({
    method: "GET",
    path: "/uploads/:name",
    tags: ["Videos"],
    summary: "An uploaded reference image",
    params: uploadNameParams,
    responses: { 200: imageFileAnswer, ...errors(404) },
  }),
};

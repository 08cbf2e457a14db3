import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ModelId } from "../../../shared/catalogue";

export interface ModelTraits {
  picture: MessageDescriptor;
  sound: MessageDescriptor;
  speed: MessageDescriptor;
  bestFor: MessageDescriptor;
}

/** What a model makes sound with: Veo's own words above, the others' from their descriptions. */
const ON_REQUEST = msg`Sound on request`;
const SILENT = msg`No sound`;
/** No number is published for the Market's models: what changes their time is said instead. */
const VARIES = msg`Slower for longer or sharper videos`;

/**
 * How the models compare with each other (decision 0077), from what each description says
 * (shared/catalogue.ts): no number a vendor does not publish. Prices are not here: they are the
 * owner's, read from the server, so no model is called cheap unless its price says so. Lengths
 * are read from the catalogue.
 */
export const TRAITS: Record<ModelId, ModelTraits> = {
  veo3: {
    picture: msg`Finest detail and motion`,
    sound: msg`Richest audio and speech`,
    speed: msg`Slowest`,
    bestFor: msg`Final videos, close-ups and dialogue`,
  },
  veo3_fast: {
    picture: msg`Sharp, close to Quality`,
    sound: msg`Native audio`,
    speed: msg`Quick`,
    bestFor: msg`Most videos`,
  },
  veo3_lite: {
    picture: msg`Good, simpler detail`,
    sound: msg`Native audio`,
    speed: msg`Quick`,
    bestFor: msg`Drafts and trying many ideas`,
  },
  kling3: {
    picture: msg`Lifelike motion, 720p to 4K`,
    sound: ON_REQUEST,
    speed: VARIES,
    bestFor: msg`Longer clips with lifelike motion`,
  },
  kling26: {
    picture: msg`Steady motion, 720p`,
    sound: ON_REQUEST,
    speed: VARIES,
    bestFor: msg`Short, steady clips`,
  },
  seedance2: {
    picture: msg`480p to 1080p, six shapes`,
    sound: ON_REQUEST,
    speed: VARIES,
    bestFor: msg`Scenes built from up to 9 reference images`,
  },
  seedance15_pro: {
    picture: msg`480p to 1080p, six shapes`,
    sound: ON_REQUEST,
    speed: VARIES,
    bestFor: msg`Clips of 4 to 12 seconds`,
  },
  hailuo23_pro: {
    picture: msg`768p or 1080p, follows its image`,
    sound: SILENT,
    speed: VARIES,
    bestFor: msg`Bringing one image to life`,
  },
  wan27: {
    picture: msg`720p or 1080p, five shapes`,
    sound: msg`Sound with every video`,
    speed: VARIES,
    bestFor: msg`Clips of 2 to 15 seconds between a first and last frame`,
  },
  wan26: {
    picture: msg`720p or 1080p, landscape`,
    sound: SILENT,
    speed: VARIES,
    bestFor: msg`Silent clips of 5 to 15 seconds`,
  },
  omni_flash: {
    picture: msg`360p drafts to 1080p, two shapes`,
    sound: msg`Native audio`,
    speed: msg`Quick, quickest at 360p`,
    bestFor: msg`Drafting an idea, then the final clip`,
  },
};

/**
 * A passkey held in software (decision 0137's tests): a P-256 key made with node:crypto, kept as a
 * passkey row the way a registration keeps it (the COSE public key), and assertions signed as an
 * authenticator signs them (WebAuthn §6.1, §7.2): authenticator data (the RP ID's hash, the flags,
 * the counter) followed by the hash of the client data, signed with ECDSA over SHA-256. Written
 * here from the specification, not with the library the server verifies with.
 */
import crypto from "node:crypto";
import type { Queryable } from "../../src/server/db/connect.js";
import { passkeys } from "../../src/server/db/schema.js";

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64url");

/** The COSE_Key of an ES256 public key: a CBOR map {1: 2, 3: -7, -1: 1, -2: x, -3: y} (RFC 9053). */
function coseKey(publicKey: crypto.KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  return Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    x,
    Buffer.from([0x22, 0x58, 0x20]),
    y,
  ]);
}

export interface SoftwarePasskey {
  credentialId: string;
  /**
   * The browser's answer to authentication options (their `challenge` and `rpId`) from `origin`.
   * `counter` 0 is an authenticator without a signature counter, as many platform passkeys are.
   */
  assert(options: { challenge: string; rpId: string }, origin: string, counter?: number): Record<string, unknown>;
}

/** Makes a key pair and keeps its public half as one of the user's passkeys. */
export async function addSoftwarePasskey(
  db: Queryable,
  userId: string,
  name = "Software key",
): Promise<SoftwarePasskey> {
  const { publicKey, privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = b64url(crypto.randomBytes(16));
  await db.insert(passkeys).values({ userId, credentialId, publicKey: b64url(coseKey(publicKey)), name });
  return {
    credentialId,
    assert(options, origin, counter = 0) {
      const clientData = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }),
      );
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      // User present (0x01) and verified (0x04).
      const authenticatorData = Buffer.concat([
        crypto.createHash("sha256").update(options.rpId).digest(),
        Buffer.from([0x05]),
        count,
      ]);
      const signed = Buffer.concat([authenticatorData, crypto.createHash("sha256").update(clientData).digest()]);
      const signature = crypto.sign("sha256", signed, privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}

import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { MAX_IMAGE_BYTES } from "../../../shared/videos";
import { ApiError, errorMessage } from "@/lib/api";
import { toast } from "@/hooks/use-toast";
import { uploadImage } from "./video-api";

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
const uploadFallbackMessage = () => t`Failed to upload image. Please try again.`;

/** A problem found before anything is sent; its message is shown as is. */
class UploadCheckError extends Error {}

function checkFile(file: File): void {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    throw new UploadCheckError(t`Please choose a JPG or PNG image.`);
  }
  if (file.size > MAX_IMAGE_BYTES) throw new UploadCheckError(t`The image must be 10 MB or smaller`);
}

function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadCheckError) return error.message;
  if (error instanceof ApiError) return errorMessage(error);
  // fetch itself failed (offline, connection reset): nothing useful to show but the fallback.
  if (error instanceof TypeError) return uploadFallbackMessage();
  if (error instanceof Error && error.message) return errorMessage(error);
  return uploadFallbackMessage();
}

/** POST /api/images/upload with the spec's toasts ('Image uploaded successfully' / 'Upload failed'). */
export function useUploadImage(onUploaded: (imageUrl: string) => void) {
  return useMutation({
    mutationFn: async (file: File) => {
      checkFile(file);
      return uploadImage(file);
    },
    onSuccess: (imageUrl) => {
      onUploaded(imageUrl);
      toast({
        title: t`Image uploaded successfully`,
        description: t`It will be used as the reference for your video.`,
      });
    },
    onError: (error) => {
      toast({
        title: t`Upload failed`,
        description: uploadErrorMessage(error) || uploadFallbackMessage(),
        variant: "destructive",
      });
    },
  });
}

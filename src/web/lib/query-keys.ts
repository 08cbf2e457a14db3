/** Query keys are the URL they fetch (the default query function reads queryKey[0]). */
export const queryKeys = {
  currentUser: ["/api/auth/current-user"] as const,
};

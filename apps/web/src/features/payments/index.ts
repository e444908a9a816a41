// Seam: the afternoon-tea payment step (R7, R9) is built in the payments work.
export {};

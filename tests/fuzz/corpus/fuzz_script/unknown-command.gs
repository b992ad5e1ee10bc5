frobnicate now

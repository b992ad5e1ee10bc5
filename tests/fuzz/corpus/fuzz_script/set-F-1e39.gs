set F 1e39

size -1 -1

set F nan

# Marks firmware/ as the package hexmate.firmware on the host; never copied to a board.

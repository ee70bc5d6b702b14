# A model that holds itself, and initialisers torch would refuse.
dim D = 4

model Node:
    w: [D D] = normal(0.02)
    child: Node  # error E1304 "model `Node` holds itself, through `Node.child`"

model Ping:
    pong: Pong  # error E1304 "through `Ping.pong`, `Pong.ping`"

model Pong:
    ping: Ping  # error E1304 "through `Pong.ping`, `Ping.pong`"

model Bad:
    w: [D] = normal(-1.0)  # error E1303 "`normal(std)` with a std of at least 0; found `-1.0`"
    v: [D] = uniform(1.0, 0.0)  # error E1303 "with low at most high; found `uniform(1.0, 0.0)`"
    u: [D] = uniform(-0.1, 0.1)

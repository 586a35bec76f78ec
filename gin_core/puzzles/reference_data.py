"""What the reference check (scripts/reference_verdicts.py, issue 41) found of the shipped
puzzles' answers against their runners-up: written by its ``prune`` command, do not edit.
``ROBUST`` ids won under every hand model x continuation policy pair; ``UNCLEAR`` ids were
checked, never clearly beaten, but not won under every pair; the other puzzles are not checked
yet. Puzzles whose answer was clearly beaten under some pair were retired from the set.
"""

from __future__ import annotations

MODELS = 2  # the hand models a robust answer won under (the uniform bound aside)
POLICIES = 6  # the continuation policies, in both seats
ROBUST = (
    "p2n65we p2stlta p2yqh6v p3kk6jh p4icjyz p4zls43 p53dl4f p67vmcv p6alon7 pajfe2n pbef5hx pcmztbo "
    "pcytjgq pduljtz pej63u4 pgrok6m ph4t6xn phd3gue pijmwrv pkouczx pliyim2 pliyykj pllg3f3 pn5w2uk "
    "polryho pp65unh ppzpkic ptsognq pucext3 pur5j3n puwdtg7 pw5cnoq pwbfjy4 pwv4wj4 pxjf5mn py7vce2 "
    "pylralj pz2boa7"
)
UNCLEAR = (
    "p2bl2pl p4cfxnn p4yvtr2 p54nmrh p55x2kq p5zetex p6gw3lu p6pjb7o pa5n2p3 pebhqq6 pedycvs peiuedl "
    "pf6m7ct pfk4psl pgkfulj pgo46u4 pgqiyml phsy33g phuexah pi4jazd pkfkn76 pkkot55 pknomsm pkrpkck "
    "pkz7xh3 ploqxxh pmg3tgy pn7achl pouldhb ppg54wz pqbxfxd pqjspyr pr2h5ey prctx3j psnx7na psobdgt "
    "psqjuqn pt3pwu3 pta6i6p ptha5ab pugbqhl puuhnhv pw24t4d pwm6wbb px2cdl6 pxvdlag pzg6w2m"
)

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
    "p2bwfht p2m3ig5 p2n65we p2stlta p2yqh6v p3i2mdb p3kfe63 p3kk6jh p3pzmu4 p4icjyz p4kbuw4 p4omwpy "
    "p4zls43 p53dl4f p56eeud p67vmcv p6alon7 p6k3jik p72zixi p7qh6cm p7u3245 pajfe2n pbdubxq pbef5hx "
    "pcmztbo pcvx2jk pcytjgq pdg4srf pdk2iwr pduljtz pe5qm44 pefwsgu pej63u4 peuhbui pgfef3g pgrok6m "
    "ph4t6xn phd3gue pi3clig pigx2ze pijmwrv pjgxelp pjkuah6 pjxihox pkna6wo pkouczx pkupri4 plgynm3 "
    "pliyim2 pliyykj pllg3f3 pmgmv24 pmse67w pn5w2uk pnnklt7 polryho pp65unh ppkq5fz ppzpkic pqjpbev "
    "ptltrdd ptsognq pucext3 pur5j3n puwdtg7 puze66c pv57svs pvycxmr pw5cnoq pwbfjy4 pwlgiz6 pwmo7jl "
    "pwohd6n pwowwv6 pwv4wj4 pww4fvg pxjf5mn pxovw4x pxswmkf py7vce2 pyf2n5n pykd6im pylralj pyyl4kl "
    "pz2boa7 pz6sksg pzgaf4o pzgwyyt pzu5xda"
)
UNCLEAR = (
    "p27oroh p2bl2pl p2hflok p2lrdim p2o633u p2xfx2p p3xn7m3 p4cfxnn p4vc6vm p4yvtr2 p53wjoj p54nmrh "
    "p55x2kq p5ir6ci p5lx3ju p5zetex p64bywp p6gw3lu p6pjb7o p6wuah2 p7sqtdy p7unjqe p7xg34j pa5n2p3 "
    "pa5yvvy paazl7p pazzyfn pb5w26h pbw4rcr pbxvc7a pby42la pce4srl pcylnrz pd4mu35 pe6rtq7 pebhqq6 "
    "pedycvs pehmqgq peiuedl pezaith pf6m7ct pfb6lvb pfjqgya pfk4psl pg26wun pg2uatc pgcsih6 pgkfulj "
    "pgmpzrv pgo46u4 pgokbvt pgqiyml pgzsxao phbcm5o phemaol phmbbnn phsy33g phuexah pi4jazd pi7dhzk "
    "pize35t pj4xxo4 pjnvkcl pjvkw3p pjyqzwc pkfkn76 pki4fyi pkkot55 pknomsm pkoo4fs pkrpkck pkz7xh3 "
    "ploqxxh pltwx6s pmg3tgy pmqm7mp pmtdtyn pn7achl pnaaij3 pnb5i2t pnyuvi5 pouldhb powvmkt poxbxq4 "
    "poyhqgv pp4g7ea pp7m4qo ppcshbs ppg54wz pps3zvz pq7cxnj pqbxfxd pqjspyr pqxw72l pqzha5e pr2h5ey "
    "prctx3j prjqqaq pryqhcf psdeio6 psnx7na psobdgt psqcsq7 psqjuqn pt3jbzw pt3pwu3 pta6i6p ptha5ab "
    "ptntgqg ptyoznr pu4gbml pugbqhl puqrss2 puuhnhv pv4xm3v pvm2h3w pvmhac2 pvtvvpr pvx3kak pvxwwud "
    "pw24t4d pwbnlol pwm6wbb pwmbxee pwmyosp pwnw64y px2cdl6 pxvdlag pylozwa pyqdawo pyz7liu pz2fc63 "
    "pzc4bxv pzg6w2m"
)

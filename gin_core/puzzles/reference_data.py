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
    "p2apilq p2azcad p2bl2pl p2bwfht p2j4sme p2m3ig5 p2n65we p2stlta p2yizy4 p2yqh6v p3df5uk p3espsc "
    "p3gx3dl p3i2mdb p3keb5i p3kfe63 p3kk6jh p3pcwup p3pzmu4 p3toyp7 p3wve36 p46fubo p4d72go p4fxvp7 "
    "p4icjyz p4kbuw4 p4kc2td p4nxvtq p4omwpy p4zls43 p53dl4f p56eeud p5glysc p5jqrf4 p5kwpn5 p5skiki "
    "p5uvycz p5uxs4b p5vslzj p5zetex p63vhrg p67vmcv p6alon7 p6asuae p6k3jik p6nhr3n p6qkg7z p6vypn6 "
    "p72zixi p7d5fq5 p7hearb p7qh6cm p7s27rz p7tcpkl p7u3245 p7xxhnx padmwbz paghu6u pajfe2n pasxky4 "
    "patlpjz paurqph pb4ktsc pb5krwz pb7dte6 pb7z77g pbagxt4 pbdubxq pbef5hx pbn63mv pbqgduy pby2w4c "
    "pbylbbd pc4xauj pc7lbvi pccou44 pchrkwb pckjqsu pcmztbo pculldu pcvx2jk pcytjgq pdbh6xs pddsgkx "
    "pdg4srf pdk2iwr pdmo6lx pdopcdj pduljtz pdzr675 pe5qm44 pe6uxh2 pebhqq6 pefwsgu peilf4u pej63u4 "
    "peo6t52 pep54al pepejxv peuhbui pf33ogh pf6m7ct pf7z536 pfeetcg pfexmc5 pfk3xm7 pfk4psl pfxbtqv "
    "pgfef3g pgjgwyp pgkfulj pgokbvt pgrok6m pgysmsa pgz7wdv ph4t6xn pha7f7l phb7aq4 phbcm5o phcaaof "
    "phd3gue phjik4d phpfpto phtmuys phwgkl5 pibzigj picujzn pigx2ze pihfnm7 pihp2u6 pijmwrv pilemcc "
    "piruzat piwepf5 piziqvg pjddmtm pjgxelp pjizysu pjk5wxf pjkuah6 pjxihox pjxrs5b pkc4hdw pkcvhh3 "
    "pkijyqv pkkot55 pkna6wo pkouczx pkqzl37 pkrpkck pkupri4 pkv3gsp pkwp2fh pkz7xh3 plchbgg plfxh6e "
    "plgynm3 pliyim2 pliyykj pllptf4 plpctlc plpgww4 plrcr7n pm4clqb pmeqi24 pmgmv24 pmkwy3m pmm2da6 "
    "pmp447m pmse67w pmvr5cg pn5w2uk pn6qk3d pnamudo pnnklt7 pnyuvi5 pnz5zwg pob2m4m polgn5o polryho "
    "pon5zac poo3rd6 poooh4k popixbi poppqzb pos4nbr pp65unh pp6v5xn pp75nh7 ppddshm ppil7mz ppkq5fz "
    "ppzau4i ppzpkic pqbak3g pqbxfxd pqjpbev pqmm5n3 pr22umx pr4naoh prctx3j prfkpov pro6wc7 prqdyru "
    "prrabli ps2butn psdeio6 pse47dm psni44c psplacl psupj7w ptgzbqw ptha5ab ptidggw ptltrdd ptnz7oe "
    "ptnzz4d ptsognq ptyoznr pucext3 pucrryv puet5gu pukyung pul2mim pur5j3n puruzpq put5lmt puwdtg7 "
    "puze66c pv4ma7u pv57svs pvdvcf7 pvi4rmv pvkpyk4 pvq6m6f pvspgbp pvsy37i pvuolcf pvycxmr pw5cnoq "
    "pwbfjy4 pwbnlol pwlgiz6 pwmo7jl pwohd6n pwowwv6 pww4fvg pwz6abh px4dzqx pxeqq7r pxjf5mn pxovw4x "
    "pxswmkf pxv7c53 pxwssjv py4wpu3 py7vce2 pyam2gh pyf2n5n pykd6im pylralj pynjact pytn7zh pytp7sh "
    "pywmao2 pyxd4gj pyyl4kl pyyqgic pz2boa7 pz33pib pz5bzwb pz6sksg pz7epk4 pzgaf4o pzgwyyt pzlyzlx "
    "pzmz4um pzu5xda pzxpaao"
)
UNCLEAR = (
    "p27oroh p2bfhhp p2hflok p2k7563 p2l7tug p2lrdim p2o633u p2xfx2p p3rb2wy p3xn7m3 p3zb6mh p4cfxnn "
    "p4jqtp6 p4vc6vm p4wg7o3 p4yvtr2 p53wjoj p54nmrh p55x2kq p5eowni p5ilf6e p5ir6ci p5jtbmo p5lx3ju "
    "p5vc4ni p5zmyq5 p64bywp p6bldtk p6gw3lu p6pjb7o p6taxft p6wuah2 p6ynuvb p7aqdep p7jacls p7kf447 "
    "p7sqtdy p7ue22x p7v42ls p7w5rrj p7xg34j pa5yvvy paazl7p pami6zw paxtkzt pazzyfn pb5w26h pbw4rcr "
    "pbxvc7a pby42la pbz3chp pce4n2d pce4srl pcylnrz pdakzcv pe6h3z5 pe6rtq7 pedycvs pehmqgq peiuedl "
    "pekq2cj peq4ksi pezaith pf7ohim pfjqgya pfmtdpa pftatrt pfutwnk pfvktu5 pg2uatc pg4ylus pgcsih6 "
    "pgi22nv pgmpzrv pgo46u4 pgqiyml pgzsxao ph4krdg phemaol phmbbnn phsy33g phuexah pi3clig pi4jazd "
    "pi7dhzk piepc6h pj3pqas pj4om2e pj4xxo4 pjce6wu pjjc5ks pjnvkcl pjragpn pjvkw3p pk567cj pkbshdg "
    "pkeewd4 pkfkn76 pkfoexa pkglgis pki4fyi pkiinod pkitnbq pknomsm pko676g pkoo4fs pktal2v pkwx4d4 "
    "pldhnmj plhxn4v pllg3f3 ploqxxh pltwx6s ply5m5g pmqm7mp pmtdtyn pnaaij3 pnb5i2t pncnsyz pnidfoh "
    "pnk5ssr pnttrau po7cdl2 pouldhb powvmkt poxbxq4 poxhezq poyhqgv pozia3s pp2ups6 pp4g7ea pp7m4qo "
    "ppg54wz ppqmppi pps3zvz pq32uqs pq36t23 pq7cxnj pqjspyr pqxw72l pqzha5e pr2h5ey pr7cn5a prjqqaq "
    "prmmvty pryqhcf psobdgt psqjuqn pt3jbzw pt3pwu3 pta6i6p pthd4t2 ptntgqg pttye3n pu4gbml pubaafv "
    "pugbqhl puqrss2 puuhnhv puyxtfi pv4xm3v pvm2h3w pvmhac2 pvtvvpr pvx3kak pvxwwud pw24t4d pwm6wbb "
    "pwmbxee pwmyosp pwnw64y pwpef3d pwv4wj4 pwzunuk px2cdl6 pxdpakn pxkuiqe pxvdlag py2d6pq pydq6nq "
    "pyggbvz pyjn42t pylozwa pyqdawo pyt3kvi pyvfugg pyyxes5 pyz7liu pz2fc63 pzc4bxv pzfgoyx pzg6w2m "
    "pzieh7x"
)

"""The Royal Game of Ur (Irving Finkel's reconstruction): two players, four binary dice, seven pieces a side."""

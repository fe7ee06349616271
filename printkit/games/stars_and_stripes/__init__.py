"""stars_and_stripes"""
